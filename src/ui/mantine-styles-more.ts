/**
 * Mantine's stylesheets of the components no page's first screen shows: menus, popovers and modals
 * (they load on the first tap), tabs, selects, switches, accordions, progress bars, radios, tooltips.
 * Imported by each module that renders one, so the stylesheet comes with the first of them, after
 * mantine-styles.ts (as in Mantine's styles.css, where none of these overrides one loaded earlier):
 * about 8 KB gz less in the dashboard's and the sign-in page's first load (issue 17).
 */
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Accordion.css';
import '@mantine/core/styles/Affix.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Tooltip.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Tabs.css';
