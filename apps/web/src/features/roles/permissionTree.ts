import type { TPermissionTree } from '@rrp/contracts';

/** Every code of the tree a role may be given by the caller (sections and their children). */
export function grantableCodes(tree: TPermissionTree['tree']): string[] {
  return tree
    .flatMap((n) => [n, ...n.children])
    .filter((n) => n.grantable)
    .map((n) => n.code);
}

/** The codes the invert button leaves checked: the grantable ones not checked now. */
export function invert(tree: TPermissionTree['tree'], checked: readonly string[]): string[] {
  const now = new Set(checked);
  return grantableCodes(tree).filter((c) => !now.has(c));
}

/** A section code is kept only with at least one of its children (the server applies the same rule). */
export function normalise(tree: TPermissionTree['tree'], checked: readonly string[]): string[] {
  const set = new Set(checked);
  for (const n of tree) {
    if (n.children.length === 0) continue;
    const any = n.children.some((c) => set.has(c.code));
    if (any) set.add(n.code);
    else set.delete(n.code);
  }
  return [...set];
}
