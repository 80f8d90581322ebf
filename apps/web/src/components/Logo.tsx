import logoUrl from '../assets/logo.svg';

/** The product logo; spec §9: 55px high in the side menu, 50px in the top bar. */
export function Logo({ height }: { height: number }) {
  return <img className="logo" src={logoUrl} height={height} alt="e-Usulan Jalan" />;
}
