/** Names of the line icons the landing pages use. */
export type IconName =
  'quality' | 'audio' | 'subtitles' | 'batch' | 'formats' | 'speed' | 'shield' | 'devices' | 'check' | 'windows' | 'apple' | 'download' | 'play';

const PATHS: Record<IconName, string> = {
  quality: 'M3 6h18v12H3zM7 10v4M7 12h3M10 10v4M14 10h2.5a1.5 1.5 0 010 3H14v1',
  audio: 'M4 10v4h4l5 4V6L8 10H4zM16.5 8.5a5 5 0 010 7M19 6a8.5 8.5 0 010 12',
  subtitles: 'M3 5h18v14H3zM6 14h5M13 14h5M6 17h8',
  batch: 'M4 7h16M4 12h16M4 17h10M18 15l2 2 3-3',
  formats: 'M6 3h8l4 4v14H6zM14 3v4h4M9 13h6M9 17h4',
  speed: 'M12 21a9 9 0 110-18 9 9 0 010 18zM12 12l4-4M12 7v1M7 12h1M16 12h1',
  shield: 'M12 3l8 3v6c0 4.5-3.4 8.4-8 9-4.6-.6-8-4.5-8-9V6zM9 12l2 2 4-4',
  devices: 'M3 5h13v10H3zM1 18h17M19 8h4v11h-4z',
  check: 'M5 12l4 4 10-10',
  windows: 'M3 5.5l7-1v7H3zM11 4.4l10-1.4v8.5H11zM3 12.5h7v7l-7-1zM11 12.5h10V21l-10-1.4z',
  apple:
    'M16.5 12.6c0-2.3 1.9-3.4 2-3.5-1.1-1.6-2.8-1.8-3.4-1.8-1.4-.2-2.8.8-3.5.8s-1.9-.8-3.1-.8c-1.6 0-3 .9-3.8 2.3-1.6 2.8-.4 7 1.2 9.3.8 1.1 1.7 2.4 2.9 2.3 1.2 0 1.6-.7 3-.7s1.8.7 3 .7c1.3 0 2.1-1.1 2.8-2.3.9-1.3 1.3-2.6 1.3-2.6s-2.4-.9-2.4-3.7zM14.2 5.8c.6-.8 1.1-1.9 1-3-.9 0-2.1.6-2.7 1.4-.6.7-1.1 1.8-1 2.9 1 .1 2.1-.5 2.7-1.3z',
  download: 'M12 3v12M7 10l5 5 5-5M4 19h16',
  play: 'M8 5v14l11-7z',
};

const FILLED = new Set<IconName>(['windows', 'apple', 'play']);

/** A 24 px line icon; decorative (the text next to it names the thing). */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  const filled = FILLED.has(name);
  return (
    <svg className={className} viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path
        d={PATHS[name]}
        fill={filled ? 'currentColor' : 'none'}
        stroke={filled ? 'none' : 'currentColor'}
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
