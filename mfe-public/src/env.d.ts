/// <reference types="altcha/types/react" />
declare module '*.css';
