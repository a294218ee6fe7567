/* The parts of citation-js this project uses (the packages ship no types). */

declare module "@citation-js/core" {
  export type CslName = { family?: string; given?: string; literal?: string };
  export type CslItem = Record<string, unknown> & { id: string; type: string; title?: string; author?: CslName[] };

  export type FormatOptions = { format?: "text" | "html" | "object"; template?: string; lang?: string };

  export class Cite {
    constructor(data: unknown, options?: Record<string, unknown>);
    data: CslItem[];
    /** With `format: "object"`, the output format's records before they are written as text. */
    format(format: string, options: FormatOptions & { format: "object" }): unknown;
    format(format: string, options?: FormatOptions): string;
  }

  type Register<T> = { add(name: string, value: T): void; has(name: string): boolean };
  export const plugins: {
    config: { get(plugin: "@csl"): { styles: Register<string>; locales: Register<string> } };
  };
}

declare module "@citation-js/plugin-csl";
declare module "@citation-js/plugin-bibtex";
declare module "@citation-js/plugin-ris";
