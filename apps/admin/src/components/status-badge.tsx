import type { Tone } from "../lib/labels.ts";

const toneClasses: Record<Tone, string> = {
  good: "bg-emerald-50 text-emerald-900 border-emerald-300",
  warn: "bg-amber-50 text-amber-900 border-amber-300",
  bad: "bg-red-50 text-red-900 border-red-300",
  plain: "bg-stone-100 text-stone-900 border-stone-300",
};

/** A status as a small labelled pill; the words carry the meaning, the colour only helps. */
export function StatusBadge({ label, tone, name }: { label: string; tone: Tone; name?: string }) {
  return (
    <span className={`inline-block rounded-full border px-2 py-0.5 text-xs font-semibold ${toneClasses[tone]}`}>
      {name === undefined ? null : <span className="sr-only">{name}: </span>}
      {label}
    </span>
  );
}
