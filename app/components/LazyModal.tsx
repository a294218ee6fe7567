import { type ComponentProps, lazy, Suspense, useState } from "react";

import { useHydrated } from "~/lib/use-hydrated";

import type { Modal as ModalType } from "./Modal";
import { StaticModal } from "./StaticModal";

const Modal = lazy(() => import("./Modal").then((m) => ({ default: m.Modal })));

/**
 * The modal, with its dialog library downloaded only when a page first opens one. Once opened it
 * stays mounted, so closing gives focus back as the dialog does. A modal opened from the address
 * (`closeHref`) is drawn without the library in the server's page, so it works before scripts run.
 */
export function LazyModal(props: ComponentProps<typeof ModalType>) {
  const hydrated = useHydrated();
  const [used, setUsed] = useState(props.open);
  if (props.open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense
      fallback={
        !hydrated && props.open && props.closeHref ? (
          <StaticModal title={props.title} description={props.description} closeHref={props.closeHref}>
            {props.children}
          </StaticModal>
        ) : null
      }
    >
      <Modal {...props} />
    </Suspense>
  );
}
