import { data } from "react-router";

/** Every address no other route claims: the shell's 404 page (the root error boundary). */
export function loader() {
  throw data({ message: "Not found" }, { status: 404 });
}

export default function NotFound() {
  return null;
}
