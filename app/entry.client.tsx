import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

import { watchTypingBeforeHydration } from "~/lib/typed-before-hydration";

// React Router's own entry, plus: what was typed before the scripts ran survives hydration.
watchTypingBeforeHydration();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
