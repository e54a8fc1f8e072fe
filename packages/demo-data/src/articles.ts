import { demoId } from './ids';

export interface DemoArticle {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  category: string;
  tags: string[];
  author: string;
  /** Days before the seed date it was published. */
  ageDays: number;
  content: string;
}

const p = (...paragraphs: string[]) => paragraphs.map((t) => `<p>${t}</p>`).join('\n');

const ARTICLES: Array<Omit<DemoArticle, 'id'>> = [
  {
    slug: 'how-to-choose-a-meal-prep-service',
    title: 'How to Choose a Meal Prep Service',
    excerpt: 'Menus, portions, delivery days and price per meal: what to compare before you commit to a weekly plan.',
    category: 'Guides',
    tags: ['getting started', 'budget', 'delivery', 'planning'],
    author: 'Dana Whitfield',
    ageDays: 3,
    content:
      '<h2>Start with your week</h2>' +
      p(
        'Before comparing menus, write down how many lunches and dinners you actually need. Most services sell plans of 5, 10 or 15 meals, and the price per meal drops as the plan grows.',
        'Check the delivery day against your schedule: a Sunday drop-off covers a work week, while a midweek delivery keeps the last meals fresher.',
      ) +
      '<h2>Read the menu, not the photos</h2>' +
      p('Look for the ingredient list and the macros of each dish. A good service publishes both and rotates its menu often enough that you will not tire of it.') +
      '<ul><li>Price per meal, including delivery</li><li>How far ahead you must order</li><li>Whether you can pause or skip a week</li></ul>',
  },
  {
    slug: 'local-meal-prep-vs-national-meal-kits',
    title: 'Local Meal Prep vs. National Meal Kits',
    excerpt: 'Ready-to-eat meals from a kitchen in your city or boxes of ingredients shipped across the country: how they differ.',
    category: 'Guides',
    tags: ['local', 'shipping'],
    author: 'Marcus Lee',
    ageDays: 9,
    content: p(
      'Meal kits ship raw ingredients and recipes; you still cook. Meal prep services cook for you and deliver meals that only need reheating.',
      'Local services usually cook within a day or two of delivery and can adapt to requests. Services that ship nationwide freeze or vacuum-seal their meals so they survive the trip.',
      'If you live in a smaller town, a service that ships may be your only option; in a city you can often choose between several local kitchens.',
    ),
  },
  {
    slug: 'keto-meal-prep-basics',
    title: 'Keto Meal Prep Basics',
    excerpt: 'What a ketogenic meal plan looks like when someone else does the cooking, and what to ask a keto-focused service.',
    category: 'Diets',
    tags: ['keto', 'low carb', 'macros'],
    author: 'Priya Natarajan',
    ageDays: 15,
    content: p(
      'A ketogenic plan keeps carbohydrates low enough that the body burns fat for fuel. Prepared meals make that easier because the macros are counted for you.',
      'Ask the service for net carbs per meal, the fats it cooks with, and whether sauces are counted in the totals.',
    ),
  },
  {
    slug: 'meal-prep-for-families',
    title: 'Meal Prep for Busy Families',
    excerpt: 'Family-size portions, kid-friendly menus and how to make a weekly delivery work for a whole household.',
    category: 'Lifestyle',
    tags: ['family', 'planning', 'budget'],
    author: 'Dana Whitfield',
    ageDays: 24,
    content: p(
      'Family meal plans come as larger trays rather than single portions, which keeps the cost per serving down.',
      'Look for a service that labels allergens clearly and lets you swap a dish your children will not eat.',
    ),
  },
  {
    slug: 'plant-based-meal-prep',
    title: 'Eating Plant-Based with Meal Prep',
    excerpt: 'Vegan and vegetarian services have grown well beyond salads. Here is what a good plant-based menu offers.',
    category: 'Diets',
    tags: ['vegan', 'vegetarian', 'protein'],
    author: 'Marcus Lee',
    ageDays: 33,
    content: p(
      'A strong plant-based menu builds each meal around a protein: lentils, beans, tofu, tempeh or seitan, rather than leaving it as an afterthought.',
      'Ask how much protein each meal carries and whether the service fortifies dishes with vitamin B12.',
    ),
  },
  {
    slug: 'storing-and-reheating-prepared-meals',
    title: 'Storing and Reheating Prepared Meals',
    excerpt: 'How long prepared meals keep in the fridge, what freezes well, and how to reheat without drying them out.',
    category: 'Tips',
    tags: ['food safety', 'storage'],
    author: 'Priya Natarajan',
    ageDays: 41,
    content: p(
      'Most chilled meals keep three to five days in the fridge; the label from your service is the one to follow.',
      'Reheat covered, add a splash of water to rice and grains, and stir halfway so the centre heats through.',
    ),
  },
  {
    slug: 'what-does-meal-prep-cost',
    title: 'What Does Meal Prep Cost?',
    excerpt: 'Typical prices per meal across the country, and how plan size, delivery and diet change the bill.',
    category: 'Guides',
    tags: ['budget', 'pricing'],
    author: 'Dana Whitfield',
    ageDays: 52,
    content: p(
      'Across the services in this directory, a single prepared meal usually costs between nine and sixteen dollars.',
      'Specialty diets and premium proteins cost more; larger plans and pickup instead of delivery cost less.',
    ),
  },
];

export function demoArticles(): DemoArticle[] {
  return ARTICLES.map((article) => ({ ...article, id: demoId('article', article.slug) }));
}
