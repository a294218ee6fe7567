import { Children, Fragment, isValidElement, type ReactElement, type ReactNode } from "react";
import { Scripts, useMatches } from "react-router";

import { hydratesAfterPaint } from "~/lib/hydration";

/** The inert copy of React Router's module script, started by the boot script below. */
const DEFERRED_MODULE_ID = "rr-deferred-module";

type ElementProps = {
  rel?: string;
  href?: string;
  type?: string;
  children?: ReactNode;
  dangerouslySetInnerHTML?: { __html: string };
};

/**
 * React Router's `<Scripts>`; on reading pages (READING_PAGE) with the JavaScript fetched only
 * once the page has painted (docs/decisions/012-hydrate-after-first-paint.md). React hoists the
 * route modules' `modulepreload` links into the head, so the browser fetched about 130 KB of
 * JavaScript at once, alongside the HTML and the hero image, and Lighthouse counted it in the
 * first paint whenever the download happened to end before the paint. Here the links and the
 * module script that starts the app are written inert, and a small inline script starts them
 * after the first contentful paint and the paint of the page's main image. The inline context
 * script (the loader data's stream) is left as it is.
 */
export function HydrationScripts({ nonce }: { nonce?: string }) {
  // Scripts is a plain function component: called here, its hooks are this component's, in the
  // same order on every render, and its output can be rewritten identically on server and client.
  const rendered = Scripts({ nonce });
  const afterPaint = hydratesAfterPaint(useMatches().at(-1)?.handle);
  if (!rendered || !afterPaint) return rendered;
  const preloads: string[] = [];
  const rewrite = (node: ReactNode): ReactNode[] =>
    Children.toArray(node).flatMap((child) => {
      if (!isValidElement<ElementProps>(child)) return [child];
      if (child.type === Fragment) return rewrite(child.props.children);
      if (child.type === "link" && child.props.rel === "modulepreload" && child.props.href) {
        preloads.push(child.props.href);
        return [];
      }
      if (child.type === "script" && child.props.type === "module") {
        return [
          <script
            key="deferred-module"
            id={DEFERRED_MODULE_ID}
            type="text/plain"
            data-preload={preloads.join(" ")}
            nonce={nonce}
            suppressHydrationWarning
            dangerouslySetInnerHTML={child.props.dangerouslySetInnerHTML}
          />,
        ];
      }
      return [child];
    });
  const children = rewrite((rendered as ReactElement<ElementProps>).props.children);
  return (
    <>
      {children}
      {/* Written by the server only (the client bundle leaves the text out; it never runs twice). */}
      <script
        nonce={nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{
          __html: import.meta.env.SSR ? `(${startAfterPaint.toString()})(${JSON.stringify(DEFERRED_MODULE_ID)})` : "",
        }}
      />
    </>
  );
}

/**
 * Runs in the page, as an inline script (so self-contained). Starts the app once the first
 * contentful paint has been presented and each main image (PRIORITY_IMAGE: `data-main-image`) then
 * in the viewport has been painted: loaded, decoded, and a frame drawn after that. Without the
 * Paint Timing API, after the next frame; at once in a hidden tab, which paints nothing; and never
 * later than a few seconds, whatever happens.
 */
function startAfterPaint(holderId: string) {
  const nonce = (document.currentScript as HTMLScriptElement | null)?.nonce ?? "";
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const holder = document.getElementById(holderId);
    if (!holder) return;
    const added = document.createDocumentFragment();
    for (const href of (holder.dataset.preload ?? "").split(" ").filter(Boolean)) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      added.append(link);
    }
    // The same text as the inert copy: on cached pages the policy lists its hash, on the others
    // the nonce vouches for it.
    const script = document.createElement("script");
    script.type = "module";
    script.nonce = nonce;
    script.textContent = holder.textContent;
    added.append(script);
    document.head.append(added);
  };
  const supported = (typeof PerformanceObserver !== "undefined" && PerformanceObserver.supportedEntryTypes) || [];
  if (document.visibilityState === "hidden") return start();
  if (!supported.includes("paint")) return void requestAnimationFrame(() => setTimeout(start, 0));
  /** Resolves once the image has been drawn: loaded (or failed, never to be drawn), decoded, then a frame later. */
  const painted = (img: HTMLImageElement) =>
    new Promise<void>((resolve) => {
      const afterNextFrame = () => requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
      const decoded = () => void img.decode().then(afterNextFrame, afterNextFrame);
      if (img.complete) return decoded();
      img.addEventListener("load", decoded, { once: true });
      img.addEventListener("error", () => resolve(), { once: true });
    });
  let decided = false;
  // Decided at the first paint, when the layout is known: the main images on screen.
  new PerformanceObserver((list, observer) => {
    if (decided || !list.getEntriesByName("first-contentful-paint").length) return;
    decided = true;
    observer.disconnect();
    const onScreen = Array.from(document.querySelectorAll<HTMLImageElement>("img[data-main-image]")).filter((img) => {
      const box = img.getBoundingClientRect();
      return (
        box.width > 0 &&
        box.height > 0 &&
        box.bottom > 0 &&
        box.top < innerHeight &&
        box.right > 0 &&
        box.left < innerWidth
      );
    });
    void Promise.all(onScreen.map(painted)).then(start);
  }).observe({ type: "paint", buffered: true });
  document.addEventListener("visibilitychange", start, { once: true });
  setTimeout(start, 3000);
}
