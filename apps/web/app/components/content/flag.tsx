import ae from "~/assets/flags/ae.svg?url";
import ca from "~/assets/flags/ca.svg?url";
import gb from "~/assets/flags/gb.svg?url";
import india from "~/assets/flags/in.svg?url";
import np from "~/assets/flags/np.svg?url";
import us from "~/assets/flags/us.svg?url";

/** Drawn flags, so every system shows a flag (Windows shows flag emoji as two letters). */
const drawnFlags: Record<string, { src: string; width: number; height: number }> = {
  "🇳🇵": { src: np, width: 96, height: 122 },
  "🇺🇸": { src: us, width: 190, height: 100 },
  "🇮🇳": { src: india, width: 90, height: 60 },
  "🇬🇧": { src: gb, width: 60, height: 30 },
  "🇨🇦": { src: ca, width: 200, height: 100 },
  "🇦🇪": { src: ae, width: 120, height: 60 },
};

const displayHeight = 28;

/** Whether a flag emoji has a drawn flag (every landing page's must). */
export function hasDrawnFlag(emoji: string): boolean {
  return emoji in drawnFlags;
}

/** A place's flag beside its name: decorative, since the name says the place. */
export function Flag({ emoji }: { emoji: string }) {
  const drawn = drawnFlags[emoji];
  if (drawn === undefined) {
    return (
      <span aria-hidden="true" className="text-3xl">
        {emoji}
      </span>
    );
  }
  return (
    <img
      src={drawn.src}
      alt=""
      width={Math.round((drawn.width / drawn.height) * displayHeight)}
      height={displayHeight}
      className="inline-block align-[-6px]"
      data-testid="flag"
    />
  );
}
