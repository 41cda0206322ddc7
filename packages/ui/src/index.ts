export * from './tokens';
export { UiStyles } from './styles';
export { Button, ButtonAnchor, buttonClass } from './button';
export { ErrorPage, type ErrorPageProps } from './error-page';
export { PlaceholderPage, type PlaceholderPageProps } from './placeholder-page';
