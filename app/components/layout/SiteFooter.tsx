import { Link } from "react-router";

import { CrestIcon } from "~/components/icons";
import type { SiteLinks } from "~/lib/site-content";

function FooterLink({ href, children }: { href: string; children: React.ReactNode }) {
  const className = "text-sm text-slate-300 hover:text-gold-300 hover:underline";
  return href.startsWith("/") ? (
    <Link to={href} className={className}>
      {children}
    </Link>
  ) : (
    <a href={href} className={className} rel="noopener noreferrer" target="_blank">
      {children}
    </a>
  );
}

/** The footer's first column: the crest and the centre's names, its motto and address. */
function FooterBrand({ site }: { site: SiteLinks }) {
  return (
    <div className="col-span-2 md:col-span-1">
      <div className="flex items-center gap-3">
        <CrestIcon className="h-12 w-12" />
        <div>
          <p className="font-serif text-lg font-bold">{site.shortName}</p>
          <p className="text-sm text-slate-300">{site.university}</p>
        </div>
      </div>
      <p className="mt-4 max-w-sm text-sm text-slate-300">{site.name}</p>
      {site.motto && <p className="mt-2 font-serif text-sm text-gold-300 italic">“{site.motto}”</p>}
      {site.address && <p className="mt-4 text-sm text-slate-400">{site.address}</p>}
    </div>
  );
}

export function SiteFooter({ site, year }: { site: SiteLinks; year: number }) {
  return (
    <footer className="bg-navy-950 text-white">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-10 px-6 py-14 md:grid-cols-[1.4fr_repeat(2,1fr)] lg:grid-cols-[1.6fr_repeat(4,1fr)]">
        <FooterBrand site={site} />
        {site.footerColumns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-xs font-bold tracking-widest text-gold-400 uppercase">{column.title}</h2>
            <ul className="mt-4 space-y-2.5">
              {column.links.map((link) => (
                <li key={link.label}>
                  <FooterLink href={link.href}>{link.label}</FooterLink>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-4 px-6 py-6 sm:flex-row">
          <p className="text-sm text-slate-400">
            © {year} {site.name}
            {site.university ? `, ${site.university}` : ""}. All rights reserved.{" "}
            <a href="/privacy" className="font-medium text-slate-300 underline hover:text-gold-300">
              Privacy
            </a>
          </p>
          {site.socialLinks.length > 0 && (
            <ul className="flex gap-4" aria-label="Social media">
              {site.socialLinks.map((link) => (
                <li key={link.label}>
                  <a
                    href={link.href}
                    rel="noopener noreferrer"
                    target="_blank"
                    className="text-sm font-medium text-slate-300 hover:text-gold-300"
                  >
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </footer>
  );
}
