// The one way forms show what went wrong: announced to screen readers, styled as an error.
export function FormError({ message }: { message: string | null }) {
  return message ? (
    <p className="error" role="alert">
      {message}
    </p>
  ) : null;
}
