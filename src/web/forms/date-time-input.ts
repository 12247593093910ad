/** An ISO instant as the value of a datetime-local input, in the browser's time zone. */
export const localInput = (iso: string) => {
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

/** A datetime-local input's value (the browser's time zone) as an ISO instant; '' stays ''. */
export const instant = (local: string) => (local ? new Date(local).toISOString() : '');
