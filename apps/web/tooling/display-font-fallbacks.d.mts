/** Where the generated stylesheet of the display font's fallback faces is kept. */
export const fallbackCssFile: string;

/** A system serif's metrics in font units, as the generator resizes it. */
export interface SerifMetrics {
  familyName: string;
  fullName: string;
  postscriptName: string;
  ascent: number;
  descent: number;
  lineGap: number;
  unitsPerEm: number;
  xWidthAvg: number;
}

export const serifFallbacks: SerifMetrics[];

/** The fallback faces' stylesheet, and the font-family list that names them after the display font. */
export function displayFontFallbacks(): Promise<{ css: string; fontFamily: string }>;
