// Types for the <altcha-widget> JSX element.
import 'altcha/types/react';

// altcha 3.2.2 points its i18n typings at files it does not ship.
declare module 'altcha/i18n/id';
