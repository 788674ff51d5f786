import notFoundUrl from './not-found.svg';

/** Unknown paths (docs/product/shell.md, 'Routes'): the not-found page shows only an image. */
export default function NotFoundPage() {
  return (
    <div style={{ display: 'flex', justifyContent: 'center', paddingTop: 32 }}>
      <img src={notFoundUrl} alt="Page not found" width={480} height={300} style={{ maxWidth: '100%', height: 'auto' }} />
    </div>
  );
}
