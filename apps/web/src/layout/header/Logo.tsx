/** The RRP mark: a rounded square with the letters and a small signal dot. */
export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="rrp-logo-bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#2f80ff" />
          <stop offset="1" stopColor="#1149b8" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="7" fill="url(#rrp-logo-bg)" />
      <text x="16" y="20.5" textAnchor="middle" fontFamily="Arial, Helvetica, sans-serif" fontSize="11" fontWeight="700" fill="#fff" letterSpacing="0.3">
        RRP
      </text>
      <path d="M22.5 8.2a5 5 0 0 1 3.3 3.3M22.5 5.6a7.6 7.6 0 0 1 5.9 5.9" stroke="#9fd0ff" strokeWidth="1.4" fill="none" strokeLinecap="round" />
    </svg>
  );
}

export function Logo({ title, collapsed = false }: { title: string; collapsed?: boolean }) {
  return (
    <span className="app-logo">
      <LogoMark />
      {!collapsed && <span className="app-logo-text">{title}</span>}
    </span>
  );
}
