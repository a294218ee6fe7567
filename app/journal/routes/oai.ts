import { oaiResponse } from "~/journal/web/oai-response.server";
import { services } from "~/runtime.server";
import { siteUrlOf } from "~/web/seo.server";

import type { Route } from "./+types/oai";

/** The journal's OAI-PMH 2.0 repository, for harvesters (BASE, OpenAIRE, DOAJ…): GET and POST. */
async function answer(request: Request) {
  const { oai } = await services();
  return oaiResponse(request, oai, siteUrlOf(request));
}

export async function loader({ request }: Route.LoaderArgs) {
  return answer(request);
}

export async function action({ request }: Route.ActionArgs) {
  return answer(request);
}
