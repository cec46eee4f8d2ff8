export default function NotFound() {
  return (
    <main className="notfound">
      <h1>404</h1>
      <p>This short link does not exist, or it was removed.</p>
      <p>
        <a href="/">Make your own short link</a>
      </p>
    </main>
  );
}
