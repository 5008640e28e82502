import { site } from "~/content/site";
import { usePublicEnvironment } from "~/lib/public-env";
import { formatPhone } from "../layout/footer";

/** How to reach the shop, at the end of a help or policy page: the footer's email and phone. */
export function ContactDetails() {
  const { chatPhone } = usePublicEnvironment();
  return (
    <section aria-labelledby="contact-us">
      <h2 id="contact-us">Contact us</h2>
      <ul>
        <li>
          Email: <a href={`mailto:${site.email}`}>{site.email}</a>
        </li>
        <li>
          Phone: <a href={`tel:+${chatPhone}`}>{formatPhone(chatPhone)}</a>
        </li>
        <li>
          Address: {site.brand}, {site.location}
        </li>
      </ul>
    </section>
  );
}
