export { LoginPage, type LoginPageProps } from './LoginPage.tsx';
