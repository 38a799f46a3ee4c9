import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AfterFirstPaint } from './after-first-paint';

describe('AfterFirstPaint', () => {
  it('shows the fallback in the first paint and the children once it is done', async () => {
    render(
      <>
        <p>Figures</p>
        <AfterFirstPaint fallback={<p>Table on its way</p>}>
          <p>Table</p>
        </AfterFirstPaint>
      </>,
    );
    expect(screen.getByText('Figures')).toBeInTheDocument();
    expect(screen.getByText('Table on its way')).toBeInTheDocument();
    expect(screen.queryByText('Table')).not.toBeInTheDocument();

    expect(await screen.findByText('Table')).toBeInTheDocument();
    expect(screen.queryByText('Table on its way')).not.toBeInTheDocument();
  });

  it('draws nothing in its place when it has no fallback', () => {
    const { container } = render(
      <AfterFirstPaint>
        <p>Table</p>
      </AfterFirstPaint>,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
