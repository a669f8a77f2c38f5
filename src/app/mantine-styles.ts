/**
 * Mantine's stylesheets, only those of the components this app uses (about half of the full styles.css,
 * docs/performance.md), in the order styles.css has them so the cascade is the same. A component that
 * starts being used needs its file here (and the files of the components it is built from, e.g.
 * Select → Combobox, Input, Popover, ScrollArea); @mantine/dates is not used, so its CSS is left out.
 * The stylesheets of components that no page's first screen shows (menus, popovers, modals, tabs,
 * selects, switches…) are in src/ui/mantine-styles-more.ts, imported by the modules that render them, so a
 * first load does not bring them; they come after these, as in styles.css.
 * The notifications' two files load with their host (src/ui/overlays-host.tsx), which is the only
 * place they render, so a page that shows none does not download them.
 */
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Title.css';
