/** Inline icons (decorative: callers label the control). */
type IconProps = { className?: string };

/** A 24-pixel line icon, drawn with the text's colour two pixels wide, at `size` unless told otherwise. */
function lineIcon(size: string, drawing: React.ReactNode) {
  return function LineIcon({ className = size }: IconProps) {
    return (
      <svg
        className={className}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        aria-hidden="true"
      >
        {drawing}
      </svg>
    );
  };
}

export const SunIcon = lineIcon(
  "h-5 w-5",
  <>
    <circle cx="12" cy="12" r="4" />
    <path
      strokeLinecap="round"
      d="M12 2v2m0 16v2M4.93 4.93l1.41 1.41m11.32 11.32l1.41 1.41M2 12h2m16 0h2M4.93 19.07l1.41-1.41M17.66 6.34l1.41-1.41"
    />
  </>,
);
export const MoonIcon = lineIcon(
  "h-5 w-5",
  <path strokeLinejoin="round" d="M21 12.79A9 9 0 1111.21 3 7 7 0 0021 12.79z" />,
);
export const MenuIcon = lineIcon("h-6 w-6", <path strokeLinecap="round" d="M4 6h16M4 12h16M4 18h16" />);
export const SearchIcon = lineIcon(
  "h-5 w-5",
  <>
    <circle cx="11" cy="11" r="7" />
    <path strokeLinecap="round" d="M20 20l-3.5-3.5" />
  </>,
);
export const FeedIcon = lineIcon(
  "h-4 w-4",
  <>
    <path strokeLinecap="round" d="M5 11a8 8 0 018 8M5 5a14 14 0 0114 14" />
    <circle cx="6" cy="18" r="1.5" fill="currentColor" stroke="none" />
  </>,
);
export const CloseIcon = lineIcon("h-6 w-6", <path strokeLinecap="round" d="M6 6l12 12M18 6L6 18" />);

export function CrestIcon({ className = "h-9 w-9" }: IconProps) {
  return (
    <svg className={className} viewBox="0 0 40 40" aria-hidden="true">
      <path d="M20 2l15 6v11c0 9.5-6.4 16.3-15 19-8.6-2.7-15-9.5-15-19V8z" fill="#c9a227" />
      <path d="M20 6l11 4.4V19c0 7.3-4.7 12.6-11 14.9C13.7 31.6 9 26.3 9 19v-8.6z" fill="#0b2545" />
      <path d="M14 22c3-1 4.5-3.5 6-7 1.5 3.5 3 6 6 7-3 .8-4.6 2.6-6 5-1.4-2.4-3-4.2-6-5z" fill="#e9cf7a" />
    </svg>
  );
}

export function ArrowRightIcon({ className = "h-4 w-4" }: IconProps) {
  return (
    <svg className={className} viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
      <path
        fillRule="evenodd"
        d="M3 10a.75.75 0 01.75-.75h10.64l-3.72-3.72a.75.75 0 111.06-1.06l5 5a.75.75 0 010 1.06l-5 5a.75.75 0 11-1.06-1.06l3.72-3.72H3.75A.75.75 0 013 10z"
        clipRule="evenodd"
      />
    </svg>
  );
}

export function SpinnerIcon({ className = "h-5 w-5" }: IconProps) {
  return (
    <svg className={`${className} animate-spin`} viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.25" strokeWidth="4" />
      <path d="M22 12a10 10 0 00-10-10" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}
