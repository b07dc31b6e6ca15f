import { lazy, Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { useLayout } from '../../shared/settings/store';
import { startTour, useTourState } from '../../shared/tour';
import { Header } from './Header';
import styles from './shell.module.css';

const Tour = lazy(() => import('../../features/tour/Tour').then((module) => ({ default: module.Tour })));

/** The logged-in frame: header (balance, nav, marquee), the screen, and the guided tour. */
export function AppShell() {
  const tourOpen = useTourState((state) => state.open);
  const tourDone = useLayout((state) => state.tour.done);

  useEffect(() => {
    // The tour is shown once, on the first visit of the frame; it can be replayed from the account menu.
    if (!tourDone) startTour();
    // Only the first render decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div className={styles.shell}>
      <Header />
      <main id="main" className={styles.main} data-tour="content" tabIndex={-1}>
        <Outlet />
      </main>
      {tourOpen && (
        <Suspense fallback={null}>
          <Tour />
        </Suspense>
      )}
    </div>
  );
}
