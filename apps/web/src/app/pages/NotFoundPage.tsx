import notFoundUrl from './not-found.svg';

/** Unknown paths (000 §2, 001 §2): the error page shows only an image. */
export default function NotFoundPage() {
  return (
    <div style={{ display: 'flex', justifyContent: 'center', paddingTop: 32 }}>
      <img src={notFoundUrl} alt="Page not found" width={480} height={300} style={{ maxWidth: '100%', height: 'auto' }} />
    </div>
  );
}
