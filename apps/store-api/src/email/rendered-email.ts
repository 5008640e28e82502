/** A message's words, before addressing: the subject is fixed text plus the order number only. */
export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}
