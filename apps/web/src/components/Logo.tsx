import logoUrl from '../assets/logo.svg';

/** logo.svg's viewBox is 244 x 56. */
const LOGO_ASPECT = 244 / 56;

/**
 * The product logo; spec §9: 55px high in the side menu, 50px in the top bar. Both sizes are given, so the
 * browser keeps its place before the picture arrives (no layout shift; width stays auto in CSS).
 */
export function Logo({ height }: { height: number }) {
  return (
    <img
      className="logo"
      src={logoUrl}
      height={height}
      width={Math.round(height * LOGO_ASPECT)}
      alt="e-Usulan Jalan"
    />
  );
}
