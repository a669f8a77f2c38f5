/**
 * Mantine's Table as plain elements with its class names, data attributes and spacing variable, for the
 * props this app uses (striped, verticalSpacing). Its stylesheet stays (app/mantine-styles.ts); its
 * JavaScript does not come along: Mantine's Table imports ScrollArea for Table.ScrollContainer, and
 * ScrollArea brings floating-ui on every page with a table (issue 17, docs/performance.md).
 * tests/client/table.test.tsx renders both and compares the markup.
 */
import { createContext, useContext, type ComponentPropsWithoutRef, type CSSProperties } from 'react';

type Spacing = 'xs' | 'sm' | 'md' | 'lg' | 'xl' | number;

/** Mantine's getSpacing: a theme size as its variable, a number of px in rem times the scale. */
const spacing = (value: Spacing) =>
  typeof value === 'number' ? `calc(${value / 16}rem * var(--mantine-scale))` : `var(--mantine-spacing-${value})`;

const StripedContext = createContext(false);

/**
 * Explicit table roles on every part (DataTable sets it): a phone lays the table out as blocks, and
 * WebKit then stops exposing it as a table; the roles keep rows, cells and headers for VoiceOver.
 */
export const TableRoles = createContext(false);
const useRole = (role: string) => (useContext(TableRoles) ? role : undefined);

const join = (own: string, extra: string | undefined) => (extra ? `${own} ${extra}` : own);

export interface TableProps extends ComponentPropsWithoutRef<'table'> {
  striped?: boolean;
  /** Mantine's default is 7 px. */
  verticalSpacing?: Spacing;
}

function TableRoot({ striped = false, verticalSpacing = 7, className, style, ...rest }: TableProps) {
  const vars = { '--table-vertical-spacing': spacing(verticalSpacing) } as CSSProperties;
  return (
    <StripedContext.Provider value={striped}>
      <table
        role={useRole('table')}
        className={join('m_b23fa0ef mantine-Table-table', className)}
        style={{ ...vars, ...style }}
        {...rest}
      />
    </StripedContext.Provider>
  );
}

function Thead({ className, ...rest }: ComponentPropsWithoutRef<'thead'>) {
  return <thead role={useRole('rowgroup')} className={join('m_b242d975 mantine-Table-thead', className)} {...rest} />;
}

function Tbody({ className, ...rest }: ComponentPropsWithoutRef<'tbody'>) {
  return <tbody role={useRole('rowgroup')} className={join('m_b2404537 mantine-Table-tbody', className)} {...rest} />;
}

function Tr({ className, ...rest }: ComponentPropsWithoutRef<'tr'>) {
  const striped = useContext(StripedContext);
  return (
    <tr
      role={useRole('row')}
      data-with-row-border="true"
      data-striped={striped ? 'odd' : undefined}
      className={join('m_4e7aa4fd mantine-Table-tr', className)}
      {...rest}
    />
  );
}

function Th({ className, ...rest }: ComponentPropsWithoutRef<'th'>) {
  return <th role={useRole('columnheader')} className={join('m_4e7aa4f3 mantine-Table-th', className)} {...rest} />;
}

function Td({ className, ...rest }: ComponentPropsWithoutRef<'td'>) {
  return <td role={useRole('cell')} className={join('m_4e7aa4ef mantine-Table-td', className)} {...rest} />;
}

/** Used as Mantine's: <Table><Table.Thead><Table.Tr><Table.Th>… */
export const Table = Object.assign(TableRoot, { Thead, Tbody, Tr, Th, Td });
