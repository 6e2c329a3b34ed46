import { CATEGORY_COLORS, type CategoryColor, type CategoryIcon } from '@enclave/protocol';
import {
  Bookmark,
  Bot,
  Coins,
  FileText,
  Gem,
  Gift,
  GraduationCap,
  HeartHandshake,
  Laugh,
  LifeBuoy,
  LineChart,
  type LucideIcon,
  MessageSquare,
  Shield,
  Star,
  Trophy,
  Zap,
} from 'lucide-react';
import { tone } from './category-look.css.ts';

const CATEGORY_ICONS: Record<CategoryIcon, LucideIcon> = {
  MessageSquare,
  Shield,
  FileText,
  LifeBuoy,
  LineChart,
  Bot,
  GraduationCap,
  Laugh,
  Coins,
  Gem,
  Star,
  Trophy,
  Zap,
  Bookmark,
  Gift,
  HeartHandshake,
};

/** A category's icon by its name; any other value gets the default message icon (spec 000 §2). */
export function categoryIcon(name: string): LucideIcon {
  return Object.hasOwn(CATEGORY_ICONS, name) ? CATEGORY_ICONS[name as CategoryIcon] : MessageSquare;
}

const isCategoryColor = (color: string): color is CategoryColor =>
  (CATEGORY_COLORS as readonly string[]).includes(color);

/** The class that paints a category's colour; an unknown colour reads as primary. */
export function categoryTone(color: string): string {
  return tone[isCategoryColor(color) ? color : 'primary'];
}
