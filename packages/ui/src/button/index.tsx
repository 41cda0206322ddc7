import type { AnchorHTMLAttributes, ButtonHTMLAttributes } from 'react';

type Variant = 'primary' | 'ghost';

function cls(variant: Variant, extra?: string): string {
  return ['tm-btn', variant === 'ghost' ? 'tm-btn--ghost' : '', extra ?? ''].filter(Boolean).join(' ');
}

export function Button({
  variant = 'primary',
  className,
  type = 'button',
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return <button type={type} className={cls(variant, className)} {...rest} />;
}

/** An anchor styled as a button (use the router's Link with `className="tm-btn"` for in-app links). */
export function ButtonAnchor({
  variant = 'primary',
  className,
  ...rest
}: AnchorHTMLAttributes<HTMLAnchorElement> & { variant?: Variant }) {
  return <a className={cls(variant, className)} {...rest} />;
}

export function buttonClass(variant: Variant = 'primary'): string {
  return cls(variant);
}
