import type { Loaded, TabProps } from "~/dashboard/tab";
import { CounterKeysPanel } from "~/readership/counter/components/CounterKeysPanel";

import type { load } from "./counter-api.server";

/** The COUNTER API tab (issue 35): the keys panel, which the Analytics tab may show as well. */
export function CounterApiTab({ data, result }: TabProps<Loaded<typeof load>>) {
  return <CounterKeysPanel keys={data.keys} result={result} action="/dashboard?tab=counter-api" />;
}
