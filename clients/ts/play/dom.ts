// Small DOM builders: the table is plain DOM, no framework.
export type Child = Node | string | null | undefined | false;

/** An HTML element with attributes (`class`, `data-*`, ...) and children (strings become text). */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {},
                                                           ...children: (Child | Child[])[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) node.append(c);
  return node;
}

/** An SVG element with attributes. */
export function svg<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string>): SVGElementTagNameMap[K] {
  const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

/** The element with `id`, which the page must have. */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const node = document.getElementById(id);
  if (!node) throw new Error(`the page has no #${id}`);
  return node as T;
}

/** `items` joined with ", " and a final " and " (pieces may be nodes, e.g. cards). */
export function joined(items: Child[], last = " and "): Child[] {
  const out: Child[] = [];
  items.forEach((item, i) => {
    if (i > 0) out.push(i === items.length - 1 ? last : ", ");
    out.push(item);
  });
  return out;
}

/** "1 card", "3 cards". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
