import { chatLink } from "~/content/site";
import { usePublicEnvironment } from "~/lib/public-env";
import { Icon } from "../ui/icon";

/**
 * The chat button (docs/storefront.md#chat-button): green, at the bottom right, shown 1 s after load (CSS
 * delay), opening a new tab.
 */
export function ChatButton() {
  const { chatPhone } = usePublicEnvironment();
  return (
    <aside aria-label="Chat">
      <a
        href={chatLink(chatPhone)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label="Chat with us (opens in a new tab)"
        data-testid="chat-button"
        className="chat-button fixed right-5 bottom-5 z-30 flex h-14 w-14 items-center justify-center rounded-full bg-chat text-white shadow-lg transition-transform hover:scale-105"
      >
        <Icon name="chat" size={28} />
      </a>
    </aside>
  );
}
