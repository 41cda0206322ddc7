export type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigator: Navigate = (to, options) =>
  options?.replace ? window.location.replace(to) : window.location.assign(to);

/** The shell registers its router's navigate so shell-core can move the user without a reload. */
export function setNavigator(fn: Navigate): void {
  navigator = fn;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  navigator(to, options);
}
