// Style tags React hoists (`<style href precedence>`): rendered to a string they come out beside
// the markup, but in the browser they belong to the document's head, outside the hydrated tree.
const HOISTED_STYLE = /<style\b[^>]*\bdata-precedence="[^"]*"[^>]*>[\s\S]*?<\/style>/g;

/** Separates the hoisted styles from the markup that hydration walks. */
export function splitHoistedStyles(markup: string): { styles: string; body: string } {
  const styles = markup.match(HOISTED_STYLE) ?? [];
  return { styles: styles.join(''), body: markup.replace(HOISTED_STYLE, '') };
}
