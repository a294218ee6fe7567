import { type ComponentProps, lazy, Suspense, useState } from "react";

import type { Modal as ModalType } from "./Modal";

const Modal = lazy(() => import("./Modal").then((m) => ({ default: m.Modal })));

/**
 * The modal, with its dialog library downloaded only when a page first opens one. Once opened it
 * stays mounted, so closing gives focus back as the dialog does.
 */
export function LazyModal(props: ComponentProps<typeof ModalType>) {
  const [used, setUsed] = useState(props.open);
  if (props.open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <Modal {...props} />
    </Suspense>
  );
}
