import { create } from 'zustand';

/** Whether the guided tour is on screen (its "shown once" flag is the layout's tour.done). */
export const useTourState = create<{ open: boolean }>()(() => ({ open: false }));

export const startTour = (): void => useTourState.setState({ open: true });
export const closeTour = (): void => useTourState.setState({ open: false });
