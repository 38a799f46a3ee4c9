import type { AltchaWidgetElement } from 'altcha';
import type { DetailedHTMLProps, HTMLAttributes } from 'react';

// The ALTCHA web component in JSX; attributes as the widget documents them.
declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'altcha-widget': DetailedHTMLProps<HTMLAttributes<AltchaWidgetElement>, AltchaWidgetElement> & {
        challenge?: string;
        configuration?: string;
        name?: string;
        auto?: 'off' | 'onfocus' | 'onload' | 'onsubmit';
        language?: string;
      };
    }
  }
}
