/** Shown while the first screen's chunk loads (react-router's HydrateFallback); no texts, no layout shift. */
export function RouteFallback() {
  return (
    <div className="sb-route-fallback" role="status" aria-busy="true">
      <span className="sb-spinner" aria-hidden="true" />
    </div>
  );
}
