import { XMLBuilder } from "fast-xml-parser";

import { xmlSafe } from "~/lib/control-characters";

/** An element's attributes ("@_name") and content, in the order the schema asks for. */
export type XmlNode = { [key: string]: XmlValue };
export type XmlValue = string | number | XmlNode | XmlNode[] | string[] | undefined;

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  textNodeName: "#text",
  format: true,
  indentBy: "  ",
  suppressEmptyNode: true,
  // Escapes & < > " ' in text and attributes.
  processEntities: true,
});

/**
 * Drops the keys without a value, so an absent field is an absent element (never an empty one), and
 * the characters XML cannot carry (the builder writes them as they are, and the document is then no XML).
 */
function prune(value: XmlValue): XmlValue {
  if (typeof value === "string") return xmlSafe(value);
  if (Array.isArray(value)) return (value as XmlValue[]).map(prune).filter((v) => v !== undefined) as XmlValue;
  if (value && typeof value === "object") {
    const entries = Object.entries(value)
      .map(([key, v]) => [key, prune(v)] as const)
      .filter(([, v]) => v !== undefined && v !== "" && !(Array.isArray(v) && v.length === 0));
    return Object.fromEntries(entries);
  }
  return value;
}

/** A UTF-8 XML document with `root` as its element. */
export function xmlDocument(root: XmlNode): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build(prune(root))}`;
}
