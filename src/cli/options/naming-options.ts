import { Option, type Command, type OptionValues } from '@commander-js/extra-typings';
import { getStyle, getTarget } from '../../naming/index.js';
import { collectCommaList } from './parsers.js';
import { OPTIONS } from './table.js';

/** One naming style: `--style` of list, call, route and plan. Validated when parsed (a preset gets a hint). */
export function withStyleOption<A extends unknown[], O extends OptionValues, G extends OptionValues>(command: Command<A, O, G>) {
  return command.addOption(
    new Option(OPTIONS.style.flags, OPTIONS.style.description).argParser((value: string) => {
      getStyle(value);
      return value;
    }),
  );
}

/** Several naming styles (the checking commands evaluate each as a target), comma-separated, repeatable. */
export function withStylesOption<A extends unknown[], O extends OptionValues, G extends OptionValues>(command: Command<A, O, G>) {
  return command.addOption(
    new Option(OPTIONS.styles.flags, OPTIONS.styles.description).argParser((value: string, previous: string[] | undefined) => {
      const styles = collectCommaList(value, previous);
      for (const style of styles) getStyle(style);
      return styles;
    }),
  );
}

/** Client/gateway/provider presets, comma-separated, repeatable; every id must exist. */
export function withPresetOption<A extends unknown[], O extends OptionValues, G extends OptionValues>(command: Command<A, O, G>, description: string) {
  return command.addOption(
    new Option(OPTIONS.presets.flags, description).argParser((value: string, previous: string[] | undefined) => {
      const presets = collectCommaList(value, previous);
      for (const preset of presets) getTarget(preset);
      return presets;
    }),
  );
}
