/** In-page placeholder while a lazily loaded page arrives. */
export function PageLoader() {
  return (
    <div role="status" className="grid min-h-[40vh] place-items-center">
      <p className="label-mono animate-pulse text-primary motion-reduce:animate-none">LOADING_MODULE...</p>
    </div>
  );
}
