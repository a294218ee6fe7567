import { Link, type LinkProps } from "react-router";

export type ButtonVariant = "primary" | "secondary" | "danger" | "link";
export type ButtonSize = "sm" | "md" | "lg" | "block" | "inline";

const VARIANTS: Record<ButtonVariant, string> = {
  primary:
    "bg-navy-800 font-semibold text-white hover:bg-navy-700 disabled:opacity-60 aria-disabled:opacity-70 dark:bg-gold-500 dark:text-navy-950",
  secondary: "border border-slate-300 font-semibold hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800",
  danger: "font-semibold text-red-700 hover:underline dark:text-red-300",
  link: "font-semibold text-navy-700 hover:underline dark:text-gold-300",
};

const SIZES: Record<ButtonSize, string> = {
  sm: "rounded-md px-4 py-2 text-sm",
  md: "rounded-md px-5 py-2",
  lg: "rounded-md px-6 py-2.5",
  block: "w-full rounded-md px-5 py-3",
  /** Text-like buttons in a table row or a sentence. */
  inline: "",
};

/** The classes of a button, for a link that looks like one. */
export function buttonClasses(variant: ButtonVariant = "primary", size: ButtonSize = "md", extra = "") {
  return [SIZES[size], VARIANTS[variant], extra].filter(Boolean).join(" ");
}

type ButtonProps = React.ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: ButtonSize };

/** The site's button: primary (navy, gold in the dark), secondary (outlined), danger and link (text). */
export function Button({ variant = "primary", size, type = "button", className = "", ...props }: ButtonProps) {
  const fallbackSize = variant === "danger" || variant === "link" ? "inline" : "md";
  return <button type={type} className={buttonClasses(variant, size ?? fallbackSize, className)} {...props} />;
}

type ButtonLinkProps = LinkProps & { variant?: ButtonVariant; size?: ButtonSize };

/** A link dressed as a button (Create a post...). */
export function ButtonLink({ variant = "primary", size = "sm", className = "", ...props }: ButtonLinkProps) {
  return <Link className={buttonClasses(variant, size, className)} {...props} />;
}
