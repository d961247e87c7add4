import { redirect } from "next/navigation";

/** The app starts at the jobs list (the proxy sends signed-out visitors to /sign-in first). */
export default function Home() {
  redirect("/jobs");
}
