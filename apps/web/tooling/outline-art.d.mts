/** The drawings the pictures are made from, with their lettering as text. */
export const artFolder: string;

/** Where the pictures the pages load are kept. */
export const imagesFolder: string;

/** A drawing's SVG text with each <text> element replaced by the outlines of its letters in the display font. */
export function outlineSvgText(svg: string): string;

/** Every drawing in art/, by file name, as its picture in app/assets/images should read. */
export function outlinedArt(): Map<string, string>;
