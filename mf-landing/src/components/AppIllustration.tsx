import * as styles from './AppIllustration.module.css';

/** Width of the queue rows' progress, in percent, for the illustration's five downloads. */
const QUEUE_PROGRESS = [100, 100, 72, 38, 0];
const THUMB_COLOURS = ['#e50914', '#113ccf', '#00a8e1', '#7b2ff7', '#f47521'];

/**
 * The ReelKeep window drawn as SVG: a sidebar of services and a download queue with progress bars.
 * Decorative: the surrounding copy says what the app does.
 */
export function AppIllustration({ className }: { className?: string }) {
  return (
    <svg className={`${styles.illustration} ${className ?? ''}`} viewBox="0 0 560 380" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="rk-illustration-bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffffff" />
          <stop offset="1" stopColor="#f1eefe" />
        </linearGradient>
        <filter id="rk-illustration-shadow" x="-10%" y="-10%" width="120%" height="130%">
          <feDropShadow dx="0" dy="18" stdDeviation="18" floodColor="#1d1650" floodOpacity="0.18" />
        </filter>
      </defs>
      <rect x="20" y="16" width="520" height="340" rx="18" fill="url(#rk-illustration-bg)" filter="url(#rk-illustration-shadow)" />
      <rect x="20" y="16" width="520" height="40" rx="18" fill="#0f172a" />
      <rect x="20" y="40" width="520" height="16" fill="#0f172a" />
      {[44, 62, 80].map((cx, index) => (
        <circle key={cx} cx={cx} cy="36" r="5.5" fill={['#ff5f57', '#febc2e', '#28c840'][index]} />
      ))}
      <rect x="220" y="29" width="140" height="14" rx="7" fill="#1e293b" />
      <rect x="20" y="56" width="116" height="300" fill="#f8fafc" />
      <rect x="20" y="340" width="116" height="16" fill="#f8fafc" />
      {THUMB_COLOURS.map((colour, index) => (
        <g key={colour}>
          <rect x="36" y={76 + index * 44} width="84" height="32" rx="8" fill={index === 0 ? '#efeafe' : 'transparent'} />
          <circle cx="54" cy={92 + index * 44} r="9" fill={colour} />
          <rect x="70" y={88 + index * 44} width="40" height="8" rx="4" fill="#cbd5e1" />
        </g>
      ))}
      <rect x="156" y="74" width="180" height="14" rx="7" fill="#0f172a" opacity="0.85" />
      <rect x="448" y="70" width="72" height="24" rx="12" fill="#5b3df5" />
      <rect x="462" y="79" width="44" height="6" rx="3" fill="#fff" />
      {QUEUE_PROGRESS.map((progress, index) => {
        const y = 110 + index * 46;
        return (
          <g key={y}>
            <rect x="156" y={y} width="364" height="38" rx="10" fill="#fff" stroke="#e2e8f0" />
            <rect x="166" y={y + 7} width="42" height="24" rx="5" fill={THUMB_COLOURS[index]} opacity="0.9" />
            <path d={`M183 ${y + 13}v12l9-6z`} fill="#fff" />
            <rect x="218" y={y + 9} width={110 - index * 8} height="7" rx="3.5" fill="#334155" />
            <rect x="218" y={y + 22} width="200" height="6" rx="3" fill="#e2e8f0" />
            <rect x="218" y={y + 22} width={2 * progress} height="6" rx="3" fill={progress === 100 ? '#0f9d58' : '#5b3df5'} />
            <rect x="436" y={y + 11} width="34" height="16" rx="8" fill="#efeafe" />
            {progress === 100 ? (
              <path d={`M486 ${y + 19}l5 5 9-9`} fill="none" stroke="#0f9d58" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
            ) : (
              <circle cx="493" cy={y + 19} r="7" fill="none" stroke="#94a3b8" strokeWidth="2.5" />
            )}
          </g>
        );
      })}
    </svg>
  );
}
