export function CallToAction({ title, subtitle, emails }: { title: string; subtitle: string; emails: string[] }) {
  if (!title && !subtitle) return null;
  return (
    <section className="bg-gradient-to-r from-navy-900 via-navy-800 to-navy-700 text-white">
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-6 py-14 lg:flex-row lg:items-center lg:justify-between">
        <div className="max-w-3xl">
          <h2 className="font-serif text-2xl font-bold sm:text-3xl">{title}</h2>
          <p className="mt-3 text-slate-200">
            {subtitle}{" "}
            {emails.map((email, i) => (
              <span key={email}>
                {i > 0 && (i === emails.length - 1 ? " and " : ", ")}
                <a
                  href={`mailto:${email}`}
                  className="font-semibold text-gold-300 underline underline-offset-2 hover:text-gold-400"
                >
                  {email}
                </a>
              </span>
            ))}
            {emails.length > 0 && "."}
          </p>
        </div>
        {emails[0] && (
          <a
            href={`mailto:${emails[0]}`}
            className="shrink-0 self-start rounded-md bg-gold-500 px-6 py-3 font-semibold text-navy-950 shadow hover:bg-gold-400 lg:self-center"
          >
            Submit a paper
          </a>
        )}
      </div>
    </section>
  );
}
