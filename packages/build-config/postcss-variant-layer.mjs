// The shell and each remote ship their own Tailwind stylesheet, so one utility (say `flex-col`) can
// be defined in two sheets. Inside one sheet Tailwind orders variants (md:, hover:, dark:) after
// plain utilities so they win; across sheets the later sheet's plain `flex-col` would beat the
// shell's `md:flex-row`. Moving every variant utility into a layer after `utilities` makes variants
// win over plain utilities whichever sheet defines them.

export const VARIANT_LAYER = 'utility-variants';

/** A Tailwind variant escapes its colon in the class name: `.md\:hidden`, `.dark\:bg-gray-950`. */
function isVariantNode(node) {
  if (node.type === 'rule') return /\\:/.test(node.selector);
  return node.type === 'atrule' && node.name !== 'layer';
}

/** @returns {import('postcss').Plugin} */
export function variantLayer() {
  return {
    postcssPlugin: 'mealprep-variant-layer',
    OnceExit(root, { AtRule }) {
      root.walkAtRules('layer', (atRule) => {
        if (!atRule.nodes && /\butilities\b/.test(atRule.params) && !atRule.params.includes(VARIANT_LAYER)) {
          atRule.params = `${atRule.params}, ${VARIANT_LAYER}`;
        }
      });
      const utilityLayers = [];
      root.walkAtRules('layer', (atRule) => {
        if (atRule.nodes && atRule.params.trim() === 'utilities') utilityLayers.push(atRule);
      });
      for (const layer of utilityLayers) {
        const moved = layer.nodes.filter(isVariantNode);
        if (moved.length === 0) continue;
        const variants = new AtRule({ name: 'layer', params: VARIANT_LAYER });
        for (const node of moved) variants.append(node.remove());
        layer.after(variants);
      }
    },
  };
}
variantLayer.postcss = true;
