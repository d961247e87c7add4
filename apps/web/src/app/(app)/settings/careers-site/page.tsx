import type { Metadata } from "next";
import { PageHeader } from "@/components/ui";
import { load, serverCaller } from "@/lib/server/caller";
import { CareerSiteForm } from "./career-site-form";

export const metadata: Metadata = { title: "Careers site" };

export default async function CareersSitePage() {
  const caller = await serverCaller();
  const settings = await load(caller.careerSite.get());
  return (
    <>
      <PageHeader
        title="Careers site"
        description="Your website and logo on the careers pages and in Google for Jobs, the addresses job boards read, and a snippet that lists your open jobs on your own site."
      />
      <CareerSiteForm initial={settings} />
    </>
  );
}
