import { fireEvent, render, screen } from '@testing-library/react';
import { ChipList, SHOWN_CHIPS } from './ChipList';

const clusters = (n: number) =>
  Array.from({ length: n }, (_, i) => `tab-${String(i).padStart(4, '0')}`);

describe('ChipList', () => {
  it('shows a few chips and folds the rest into "+N more", which shows them all', () => {
    render(<ChipList labels={clusters(492)} />);
    expect(screen.getByText('tab-0000')).toBeInTheDocument();
    const firstFolded = `tab-${String(SHOWN_CHIPS).padStart(4, '0')}`;
    expect(screen.queryByText(firstFolded)).not.toBeInTheDocument();
    expect(screen.queryByText('tab-0491')).not.toBeInTheDocument();

    fireEvent.click(screen.getByText(`+${492 - SHOWN_CHIPS} more`));

    expect(screen.getByText('tab-0491')).toBeInTheDocument();
    expect(screen.queryByText(/more$/)).not.toBeInTheDocument();
  });

  it('shows every chip of a short list, with nothing folded', () => {
    render(<ChipList labels={clusters(SHOWN_CHIPS)} />);
    expect(screen.getAllByText(/^tab-/)).toHaveLength(SHOWN_CHIPS);
    expect(screen.queryByText(/more$/)).not.toBeInTheDocument();
  });
});
