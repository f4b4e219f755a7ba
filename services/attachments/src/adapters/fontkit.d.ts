// The one thing used of fontkit (pdfkit's font engine, which ships no types): parsing a font file once,
// so pdfkit can be handed the parsed font for every document (pdfkit 0.20 accepts fontkit fonts).
declare module 'fontkit' {
  export interface Font {
    readonly postscriptName: string;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
